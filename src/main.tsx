import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadEngine } from './store/run-controller.ts';
import { App } from './ui/app.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Fetch the engine (and the MCP SDK client) once the first paint is done, so Next answers at once.
const warmUp = () => void loadEngine().catch(() => {});
if ('requestIdleCallback' in window) window.requestIdleCallback(warmUp, { timeout: 2000 });
else setTimeout(warmUp, 500);
