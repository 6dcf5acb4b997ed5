// Not a module: the demo works are added through the other modules' services, by the server's first
// start (DEMO_WORKS) and by `npm run admin -- demo`.
export { addDemoWorks, DEFAULT_DEMO_DIR, seedDemoWorksOnce } from './demo-content.js';
