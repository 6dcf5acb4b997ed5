/**
 * Hands a URL to the browser's downloads; the server names the file (Content-Disposition), or
 * `fileName` where the file is on this site (browsers ignore it for other origins).
 */
export function startBrowserDownload(url: string, fileName?: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  if (fileName) anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
