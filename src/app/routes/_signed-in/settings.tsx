import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_signed-in/settings')({
  component: () => <PlaceholderPage title="Settings" line="Welcome to Settings." />,
});
