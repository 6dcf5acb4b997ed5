// What other parts of the web app use of the billing-admin feature: they import it from here, never from its folders.
export { BillingSettingsPanel } from './components/billing-settings';
