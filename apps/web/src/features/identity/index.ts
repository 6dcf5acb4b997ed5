// What other parts of the web app use of the identity feature: they import it from here, never from its folders.
export { IdentityCard } from './components/identity-card';
export { IdentityReviewQueue } from './components/identity-review-queue';
