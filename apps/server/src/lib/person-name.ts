import { isDefaultPcUserName, type Language } from '@spatia/contract';
import { translate } from './messages.js';

/**
 * A person's name in something the server writes for a reader (a CSV export): the registration
 * default, which the person never chose, in the reader's language; any other name as it is.
 */
export function displayPersonName(name: string, language: Language): string {
  return isDefaultPcUserName(name) ? translate('defaultPersonName', language) : name;
}
