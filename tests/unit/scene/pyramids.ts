// Pyramids the scene tests share: the real farm export's (512 and 1024 over a 256 preview) and a 4096 one.
export const farmLevels = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 512 },
  { tileSize: 512, size: 1024 },
];
export const bigLevels = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  ...[512, 1024, 2048, 4096].map((size) => ({ tileSize: 512, size })),
];
