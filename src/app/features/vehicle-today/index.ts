/**
 * The QR labels' side of the fleet (issue 23): the today card a label opens (`/v/{code}`) and the
 * header's Scan button that gets there from the camera, a photo or a typed registration.
 */
export { VehicleTodayPage } from './components/vehicle-today-page.tsx';
export { ScanButton } from './components/scan-button.tsx';
