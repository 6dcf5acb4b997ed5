import { AutoComplete, Input, Tag } from 'antd';
import type { AuthorizeCandidate } from '@spatia/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizePeople } from '../api/authorize-people';
import { maskPhone } from '../lib/format';
import { usePersonName } from '../lib/person-name';
import { UserAvatar } from './user-avatar';
import './person-picker.css';

/** Typing waits this long before the people search is asked. */
const SEARCH_DELAY_MS = 300;

interface PersonPickerProps {
  /** Form.Item's: the text of the field (a phone number, or an invite code where the call takes one). */
  value?: string;
  onChange?: (value: string) => void;
  placeholder: string;
  maxLength: number;
  inputMode?: 'tel' | 'text';
  testId: string;
}

/**
 * A receiver field that still takes whatever the person types (a phone number, an invite code), and also
 * offers the people one may hand works to as they type: mutual follows and team first (the server's order).
 * Choosing one puts their phone number in the field, which is what the distribute and sell calls take.
 */
export function PersonPicker({ value = '', onChange, placeholder, maxLength, inputMode = 'text', testId }: PersonPickerProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(value.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  const people = useAuthorizePeople(query);
  const candidates: AuthorizeCandidate[] = people.data ?? [];

  return (
    <AutoComplete
      value={value}
      onChange={(next: string) => onChange?.(next)}
      options={candidates.flatMap(({ phoneNumber, ...person }) =>
        // A stranger found by exact name comes without a number (docs/people.md): nothing to hand over to.
        phoneNumber === null
          ? []
          : {
              value: phoneNumber,
              label: (
                <span className="person-picker__option" data-testid="person-picker-option">
                  <UserAvatar src={person.avatarUrl} name={personName(person.name)} size={24} />
                  <span className="person-picker__name">
                    {personName(person.name)}
                    {person.remarkName && <span className="person-picker__remark"> ({person.remarkName})</span>}
                  </span>
                  <span className="person-picker__phone">{maskPhone(phoneNumber)}</span>
                  {person.relation !== 'other' && <Tag className="person-picker__tag">{t(`personPicker.relation.${person.relation}`)}</Tag>}
                </span>
              ),
            },
      )}
      popupMatchSelectWidth
      data-testid={testId}
    >
      <Input placeholder={placeholder} maxLength={maxLength} inputMode={inputMode} autoFocus autoComplete="off" />
    </AutoComplete>
  );
}
