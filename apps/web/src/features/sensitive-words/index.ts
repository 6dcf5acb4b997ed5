// What other parts of the web app use of the sensitive-words feature: they import it from here, never from its folders.
export { SensitiveWordsManager } from './components/sensitive-words-manager';
