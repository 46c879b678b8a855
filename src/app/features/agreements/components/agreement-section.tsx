import { lazy, Suspense } from 'react';
import type { AgreementPanelProps } from './agreement-panel.tsx';

const AgreementPanel = lazy(() => import('./agreement-panel.tsx'));

/** The agreement panel, loaded with the screen that shows it. */
export function AgreementSection(props: AgreementPanelProps) {
  return (
    <Suspense fallback={null}>
      <AgreementPanel {...props} />
    </Suspense>
  );
}
