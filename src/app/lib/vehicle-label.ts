/** "Toyota Corolla (AB12 CDE)": how staff recognise a vehicle (SPEC §2). */
export function vehicleLabel(vehicle: { make: string; model: string; registration_number: string }): string {
  return `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;
}
