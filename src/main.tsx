import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { authProvider, dataProvider } from './providers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App dataProvider={dataProvider} authProvider={authProvider} />
    </BrowserRouter>
  </StrictMode>,
);
