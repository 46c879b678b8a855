import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/info/components/about-page.tsx';

export const Route = createFileRoute('/_public/about')({
  component: AboutPage,
});
