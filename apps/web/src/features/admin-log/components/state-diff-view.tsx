import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffStates, formatStateValue } from '../lib/state-diff';

/** The state before and after an admin action, field by field: removed values struck out, new ones marked. */
export function StateDiffView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const lines = diffStates(before, after);
  if (lines.length === 0) return <Typography.Text type="secondary">{t('adminLog.nothingRecorded')}</Typography.Text>;
  return (
    <table className="state-diff" data-testid="state-diff">
      <thead>
        <tr>
          <th scope="col" aria-label={t('adminLog.columns.target')} />
          <th scope="col">{t('adminLog.before')}</th>
          <th scope="col">{t('adminLog.after')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.path} className={`state-diff__row state-diff__row--${line.kind}`} data-kind={line.kind}>
            <th scope="row" className="state-diff__path">
              {line.path}
            </th>
            <td className="state-diff__before">{line.kind === 'added' ? '' : <code>{formatStateValue(line.before)}</code>}</td>
            <td className="state-diff__after">
              {line.kind === 'removed' ? (
                ''
              ) : line.kind === 'same' ? (
                <span className="state-diff__same">{t('adminLog.unchanged')}</span>
              ) : (
                <code>{formatStateValue(line.after)}</code>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
