// The phone the page benches load on (signer-page, login-page), and how they read the LCP.

/**
 * Lighthouse's mobile profile ("Slow 4G" on a mid-range phone): 150 ms round trip, 1.6 Mbps
 * down, 750 Kbps up, CPU slowed 4×, a 390 × 844 screen at 3× density.
 */
export const PROFILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
};
export const PROFILE_TEXT = '150 ms RTT, 1.6 Mbps down / 750 Kbps up, CPU 4× slower, 390 × 844 @3x';

/** Records every largest-contentful-paint candidate; the last one is the LCP (an init script). */
export function observeLcp() {
  /** @type {any} */ (window).lcp = { time: 0, element: '' };
  new PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries())) {
      const element = entry.element;
      /** @type {any} */ (window).lcp = {
        time: entry.startTime,
        element: element ? `${element.tagName.toLowerCase()}${element.alt ? ` «${element.alt}»` : ''}` : '',
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * A cold page (new context, cache off) throttled to the profile, recording its LCP.
 * @param {import('@playwright/test').Browser} browser
 */
export async function throttledPage(browser) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    deviceScaleFactor: PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
  });
  const page = await context.newPage();
  await page.addInitScript(observeLcp);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latency,
    downloadThroughput: PROFILE.downloadThroughput,
    uploadThroughput: PROFILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return { context, page };
}
