/**
 * The CSS Barbarossa's board drawing needs (presentation-board.ts's class names): the
 * German-gauge rail, brown roads, the 1941 border, railheads. The web adds it to the page
 * when a Barbarossa game is opened (the card's `styles`), in the game's own chunk.
 */
export const BARBAROSSA_STYLES = `
.rail.rail-german {
  stroke: #333;
  stroke-dasharray: 2 2;
}
.road.brown-road {
  stroke: #b08850;
  stroke-dasharray: 3 2;
  stroke-width: 1.2;
}
.frontline.border-1941 {
  stroke: #7a1f3d;
}
.deployment.railhead path {
  stroke: #0b3c5d;
  stroke-dasharray: none;
  stroke-width: 2;
}
.deployment.railhead text {
  fill: #0b3c5d;
  opacity: 0.9;
  font-size: 9px;
}
.victory-city path {
  stroke-width: 3.5;
  stroke-dasharray: none;
  fill: none;
}
`;
