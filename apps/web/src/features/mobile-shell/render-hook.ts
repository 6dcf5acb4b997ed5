import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/*
 * antd-mobile 5 draws its toasts, dialogs and popups with React 18's legacy `render`, which React 19 removed.
 * Its own hook lets it render them through `createRoot` instead (one root per container it creates).
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // antd-mobile unmounts from inside an effect; React refuses a synchronous unmount there.
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});
