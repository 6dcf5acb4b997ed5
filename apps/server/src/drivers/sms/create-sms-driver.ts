import type { Config } from '../../config/config.js';
import { AliyunSmsDriver } from './aliyun-sms.js';
import { ConsoleSmsDriver } from './console-sms.js';
import type { SmsDriver } from './sms-driver.js';
import { TencentSmsDriver } from './tencent-sms.js';

export function createSmsDriver(config: Config['sms'], log: (message: string) => void): SmsDriver {
  switch (config.driver) {
    case 'console':
      return new ConsoleSmsDriver(log, config.devOutbox);
    case 'aliyun':
      return new AliyunSmsDriver(config.aliyun);
    case 'tencent':
      return new TencentSmsDriver(config.tencent);
  }
}
