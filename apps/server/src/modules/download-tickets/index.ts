import { defineModule } from '../../kernel/module.js';
import { DownloadTickets } from './download-tickets.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'download-tickets': {
      /** Short-lived tickets that let a browser download a file with a plain link. */
      downloadTickets: DownloadTickets;
    };
  }
}

export default defineModule({
  name: 'download-tickets',
  needs: ['users'],
  build: ({ cache, users }) => ({ downloadTickets: new DownloadTickets(cache, users) }),
});

// The public surface of the module: what other modules use.
export { type DownloadTicket, type DownloadTickets } from './download-tickets.service.js';
export { registerTicketedDownload } from './ticketed-download.routes.js';
