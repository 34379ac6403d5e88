/** The map's projection (map.geo), for generators, self-checks and the UI. */
import { axialToOffset, axialToPixel, offsetToAxial, pixelToAxial } from '@stavka/engine';
import { z } from 'zod';

/** How gen-barbarossa-map.ts put geography on the grid (map.geo). */
export const mapGeoSchema = z.object({
  projection: z.literal('lambert-conformal-conic'),
  lat1: z.number(),
  lat2: z.number(),
  lat0: z.number(),
  lon0: z.number(),
  earthRadiusKm: z.number().positive(),
  hexKm: z.number().positive(),
  hexSizeKm: z.number().positive(),
  originX: z.number(),
  originY: z.number(),
});
export type MapGeo = z.output<typeof mapGeoSchema>;

export interface GridProjection {
  /** Grid km (x east, y south, hex 0101's centre at 0,0) of a longitude/latitude. */
  project(lonLat: readonly [number, number]): { x: number; y: number };
  /** Longitude/latitude of a point in grid km. */
  unproject(p: { x: number; y: number }): [number, number];
  /** Printed hex number of the hex holding a longitude/latitude (may be off the grid). */
  hexAt(lonLat: readonly [number, number]): { col: number; row: number };
  /** Longitude/latitude of a hex centre. */
  centreOf(hex: { col: number; row: number }): [number, number];
  /** Distance in km from a hex centre to a longitude/latitude, measured on the grid. */
  kmFromCentre(hex: { col: number; row: number }, lonLat: readonly [number, number]): number;
}

/** The Lambert conformal conic projection of map.geo and the flat-topped hex layout. */
export function gridProjection(geo: MapGeo): GridProjection {
  const rad = (d: number) => (d * Math.PI) / 180;
  const deg = (r: number) => (r * 180) / Math.PI;
  const t = (lat: number) => Math.tan(Math.PI / 4 + rad(lat) / 2);
  const n = Math.log(Math.cos(rad(geo.lat1)) / Math.cos(rad(geo.lat2))) / Math.log(t(geo.lat2) / t(geo.lat1));
  const f = (Math.cos(rad(geo.lat1)) * t(geo.lat1) ** n) / n;
  const rho = (lat: number) => (geo.earthRadiusKm * f) / t(lat) ** n;
  const rho0 = rho(geo.lat0);
  const size = geo.hexSizeKm;
  const project = ([lon, lat]: readonly [number, number]) => {
    const r = rho(lat);
    const a = n * rad(lon - geo.lon0);
    return { x: r * Math.sin(a) - geo.originX, y: geo.originY - (rho0 - r * Math.cos(a)) };
  };
  const unproject = (p: { x: number; y: number }): [number, number] => {
    const x = p.x + geo.originX;
    const y = geo.originY - p.y;
    const r = Math.sign(n) * Math.hypot(x, rho0 - y);
    const a = Math.atan2(x, rho0 - y);
    return [
      geo.lon0 + deg(a / n),
      deg(2 * Math.atan(((geo.earthRadiusKm * f) / r) ** (1 / n)) - Math.PI / 2),
    ];
  };
  const centre = (h: { col: number; row: number }) => {
    const a = offsetToAxial(h);
    return axialToPixel(a, size);
  };
  return {
    project,
    unproject,
    hexAt: (ll) => {
      const p = project(ll);
      return axialToOffset(pixelToAxial(p.x, p.y, size));
    },
    centreOf: (h) => unproject(centre(h)),
    kmFromCentre: (h, ll) => {
      const c = centre(h);
      const p = project(ll);
      return Math.hypot(c.x - p.x, c.y - p.y);
    },
  };
}
