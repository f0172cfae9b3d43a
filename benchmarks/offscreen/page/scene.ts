/**
 * A stand-in for a canvas game's frame: PARTICLES soft dots orbiting in a ParticleContainer,
 * each moved and faded every frame (a Gravity disk with its trails is of this size), drawn
 * by Pixi on whatever canvas it is given: the page's own, or an OffscreenCanvas in a worker.
 */
import 'pixi.js/unsafe-eval';
import { Application, Graphics, Particle, ParticleContainer } from 'pixi.js';

export const PARTICLES = 4000;
export const WIDTH = 1000;
export const HEIGHT = 700;

/** Starts drawing; `onFrame` is called after each frame's update with the frames drawn so far. */
export async function drawOrbits(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  onFrame: (frames: number) => void,
): Promise<void> {
  const app = new Application();
  await app.init({
    canvas: canvas as HTMLCanvasElement,
    width: WIDTH,
    height: HEIGHT,
    background: '#04050d',
    antialias: false,
    preference: 'webgl',
  });
  const texture = app.renderer.generateTexture(new Graphics().circle(4, 4, 4).fill(0xffffff));
  const container = new ParticleContainer({ dynamicProperties: { position: true, color: true } });
  const particles: Particle[] = [];
  for (let i = 0; i < PARTICLES; i++) {
    const particle = new Particle({ texture, tint: 0xffcc88 });
    particles.push(particle);
    container.addParticle(particle);
  }
  app.stage.addChild(container);
  let frames = 0;
  app.ticker.add(() => {
    const t = frames++ * 0.01;
    for (let i = 0; i < PARTICLES; i++) {
      const angle = i * 0.013 + t * (1 + (i % 7) * 0.1);
      const radius = 40 + (i % 300);
      particles[i].x = WIDTH / 2 + radius * Math.cos(angle);
      particles[i].y = HEIGHT / 2 + radius * Math.sin(angle);
      particles[i].alpha = 0.5 + 0.5 * Math.sin(angle * 3);
    }
    onFrame(frames);
  });
}
