// The upload page's heading: the floor being viewed, or the floors the CSV sends the scenes to when they differ.
export function uploadTitle(csvFloors: readonly number[], floor: number, nameOf: (floor: number) => string): string {
  return csvFloors.length === 0 || (csvFloors.length === 1 && csvFloors[0] === floor)
    ? `Add Scenes - ${nameOf(floor)}`
    : `Add Scenes - ${csvFloors.map(nameOf).join(', ')} (from the CSV)`;
}
