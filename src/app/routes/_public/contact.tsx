import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/info/components/contact-page.tsx';

export const Route = createFileRoute('/_public/contact')({
  component: ContactPage,
});
