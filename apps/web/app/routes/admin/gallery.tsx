import Screen from './gallery.client';

export function meta() {
  return [{ title: 'گالری محصول | پنل مدیریت سرخاب' }];
}

export default function GalleryPage() {
  return <Screen />;
}
