import type { Config } from '../../config/config.js';
import { ConsoleSmsDriver } from './console-sms.js';
import type { SmsDriver } from './sms-driver.js';

export function createSmsDriver(config: Config['sms'], log: (message: string) => void): SmsDriver {
  switch (config.driver) {
    case 'console':
      return new ConsoleSmsDriver(log);
  }
}
