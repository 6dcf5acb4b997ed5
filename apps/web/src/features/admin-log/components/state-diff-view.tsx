import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffStates } from '../lib/state-diff';
import { fieldLabel, formatStateValue } from '../lib/state-labels';

/**
 * What an admin action changed, field by field under readable labels: old values struck out, new
 * ones marked. What it did not change (the user or amount it concerned, fields left as they were) is
 * listed apart as context, never as a change.
 */
export function StateDiffView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const { changes, context } = diffStates(before, after);
  if (changes.length === 0 && context.length === 0) {
    return <Typography.Text type="secondary">{t('adminLog.nothingRecorded')}</Typography.Text>;
  }
  return (
    <div className="state-diff" data-testid="state-diff">
      {changes.length === 0 ? (
        <Typography.Text type="secondary">{t('adminLog.nothingChanged')}</Typography.Text>
      ) : (
        <table className="state-diff__changes">
          <thead>
            <tr>
              <th scope="col" aria-label={t('adminLog.columns.target')} />
              <th scope="col">{t('adminLog.before')}</th>
              <th scope="col">{t('adminLog.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((line) => (
              <tr key={line.path} className={`state-diff__row state-diff__row--${line.kind}`} data-kind={line.kind}>
                <th scope="row" className="state-diff__path">
                  {fieldLabel(line.path, t)}
                </th>
                <td className="state-diff__before">
                  {line.kind === 'added' ? '' : <code>{formatStateValue(line.path, line.before, t)}</code>}
                </td>
                <td className="state-diff__after">
                  {line.kind === 'removed' ? '' : <code>{formatStateValue(line.path, line.after, t)}</code>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {context.length > 0 && (
        <div className="state-diff__context" data-testid="state-diff-context">
          <span className="state-diff__context-title">{t('adminLog.unchangedFields')}</span>
          <dl>
            {context.map((line) => (
              <div key={line.path} className="state-diff__context-item">
                <dt>{fieldLabel(line.path, t)}</dt>
                <dd>{formatStateValue(line.path, line.value, t)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}
