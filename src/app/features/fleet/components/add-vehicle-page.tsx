import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../session/index.ts';
import { useCreateStaffVehicle } from '../api/create-staff-vehicle.ts';
import { VEHICLE_ADDED } from '../fleet-notice.ts';
import { appendFields, EMPTY_VEHICLE, VEHICLE_FIELDS } from '../vehicle-form-values.ts';
import { VehicleForm } from './vehicle-form.tsx';
import '../fleet.css';

/** /add-vehicle: a new vehicle with its photos; then the vehicle list says "Vehicle added successfully!". */
export function AddVehiclePage() {
  const navigate = useNavigate();
  const role = useSession()?.role;
  const create = useCreateStaffVehicle();
  const [progress, setProgress] = useState<number | null>(null);

  return (
    <div className="page fleet-form-page">
      <PageHeader title="Add Vehicle" description="Add a vehicle to your fleet." />
      <VehicleForm
        initial={EMPTY_VEHICLE}
        chooseAgency={role === 'staff'}
        chooseCategory={role !== 'staff'}
        submitLabel="Add Vehicle"
        sendingLabel="Adding vehicle..."
        sending={create.isPending}
        progress={progress}
        error={create.error}
        onValid={(values, images) => {
          const form = new FormData();
          appendFields(form, values, VEHICLE_FIELDS);
          for (const file of images.added) form.append('image_uploads', file, file.name);
          setProgress(null);
          create.mutate(
            { form, onProgress: setProgress },
            {
              onSuccess: () => void navigate({ to: '/fleet/vehicles', state: { fleetNotice: VEHICLE_ADDED } }),
            },
          );
        }}
      />
    </div>
  );
}
