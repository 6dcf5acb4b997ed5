// What other parts of the web app use of the signing feature: they import it from here, never from its folders.
export { AdminSignedProviders, AdminSigningApplications } from './components/admin-signing';
export { MySigningPanel } from './components/my-signing';
