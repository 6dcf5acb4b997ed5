import { defineErrors } from './errors.js';

/** Uploads, signed file links and the enterprise logo (the uploads, tus, files and profile modules): 140x. */
export const UploadErrors = defineErrors({
  uploadGrantInvalid: {
    code: 1401,
    status: 403,
    zh: '上传凭证无效或已过期，请重新选择文件',
    en: 'The upload permission is not valid or has expired. Choose the file again',
  },
  unsupportedImage: {
    code: 1402,
    status: 415,
    zh: '文件不是可识别的 PNG、JPEG 或 WebP 图片',
    en: 'The file is not a PNG, JPEG or WebP image we can read',
  },
  notEnterprise: {
    code: 1403,
    status: 403,
    zh: '只有企业账号可以设置企业 Logo',
    en: 'Only enterprise accounts can set an enterprise logo',
  },
  invalidLogoUrl: {
    code: 1404,
    status: 400,
    zh: '企业 Logo 必须是通过本平台上传的 https 地址',
    en: 'The enterprise logo must be an https address uploaded through this platform',
  },
  uploadContentRejected: {
    code: 1405,
    status: 415,
    zh: '文件内容不是允许的类型（{accepted}），上传已取消',
    en: 'The file is not of an accepted type ({accepted}); the upload was discarded',
  },
  uploadTooLarge: { code: 1406, status: 413, zh: '文件过大，此处最大允许 {max}', en: 'The file is too large: at most {max} here' },
  uploadLengthRequired: {
    code: 1407,
    status: 400,
    zh: '上传时必须声明文件大小',
    en: 'An upload must declare the size of the file when it starts',
  },
  uploadNotFound: {
    code: 1408,
    status: 404,
    zh: '该上传不存在或已过期，请重新上传文件',
    en: 'This upload does not exist or has expired. Upload the file again',
  },
  uploadOffsetConflict: {
    code: 1409,
    status: 409,
    zh: '上传进度与服务器记录不一致，请从服务器记录的位置继续',
    en: "The upload's offset does not match the server's. Resume from the server's offset",
  },
  fileLinkExpired: {
    code: 1410,
    status: 403,
    zh: '下载链接已过期，请重新打开作品获取新链接',
    en: 'This download link has expired. Open the work again for a new one',
  },
});
