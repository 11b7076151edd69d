// @ts-check
// The embedding demo's host-side listener: size each tmlab frame to the height it reports.
// Only a message of the right shape, from a frame of this page and from this origin, counts.

addEventListener('message', (e) => {
  const d = e.data;
  if (e.origin !== location.origin || !d || typeof d !== 'object' || d.type !== 'tmlab-height') return;
  if (typeof d.height !== 'number' || !Number.isFinite(d.height) || d.height < 0 || d.height > 100000) return;
  for (const f of document.querySelectorAll('iframe.tmlab')) {
    if (f instanceof HTMLIFrameElement && f.contentWindow === e.source) f.style.height = `${Math.ceil(d.height)}px`;
  }
});
