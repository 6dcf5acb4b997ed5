import * as THREE from 'three';

/**
 * Eye-dome lighting (Boucheny 2009, as in Potree and CloudCompare): the cloud is drawn into a target
 * with a depth texture; a full-screen pass darkens each pixel by how much nearer its neighbours are, in
 * log depth. Edges and creases show without normals. A background neighbour counts as a small step
 * (BACKGROUND_STEP): enough for a soft outline where many neighbours are background (the cloud's
 * silhouette), not enough to blacken a point beside one of the gaps between splats, which a full step
 * did (black specks all over a sparse view).
 */
const vertexShader = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = vec4(position.xy, 0.0, 1.0);
}
`;

const fragmentShader = /* glsl */ `
uniform sampler2D tColor;
uniform sampler2D tDepth;
uniform vec2 uTexel;
uniform float uNear;
uniform float uFar;
uniform float uStrength;
uniform float uRadius;
varying vec2 vUv;

const float BACKGROUND_STEP = 0.015;

float logDepth(vec2 uv) {
  float depth = texture2D(tDepth, uv).x;
  if (depth >= 1.0) return -1.0;
  float z = depth * 2.0 - 1.0;
  float linear = (2.0 * uNear * uFar) / (uFar + uNear - z * (uFar - uNear));
  return log2(linear);
}

void main() {
  vec4 color = texture2D(tColor, vUv);
  float centre = logDepth(vUv);
  if (centre < 0.0 && texture2D(tDepth, vUv).x >= 1.0) {
    gl_FragColor = color;
    return;
  }
  float sum = 0.0;
  for (int index = 0; index < 8; index++) {
    float angle = float(index) * 0.78539816;
    vec2 offset = vec2(cos(angle), sin(angle)) * uRadius * uTexel;
    float neighbour = logDepth(vUv + offset);
    sum += neighbour < -0.5 && texture2D(tDepth, vUv + offset).x >= 1.0 ? BACKGROUND_STEP : max(0.0, centre - neighbour);
  }
  float shade = exp(-sum / 8.0 * 300.0 * uStrength);
  gl_FragColor = vec4(color.rgb * shade, 1.0);
}
`;

export class EyeDomeLighting {
  private readonly target: THREE.WebGLRenderTarget;
  private readonly material: THREE.ShaderMaterial;
  private readonly quad: THREE.Mesh;
  private readonly quadScene = new THREE.Scene();
  private readonly quadCamera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0, 1);

  constructor(strength = 0.4, radius = 1.4) {
    this.target = new THREE.WebGLRenderTarget(1, 1, {
      depthBuffer: true,
      depthTexture: new THREE.DepthTexture(1, 1, THREE.UnsignedIntType),
    });
    this.material = new THREE.ShaderMaterial({
      uniforms: {
        tColor: { value: this.target.texture },
        tDepth: { value: this.target.depthTexture },
        uTexel: { value: new THREE.Vector2(1, 1) },
        uNear: { value: 0.1 },
        uFar: { value: 1000 },
        uStrength: { value: strength },
        uRadius: { value: radius },
      },
      vertexShader,
      fragmentShader,
      depthTest: false,
      depthWrite: false,
    });
    this.quad = new THREE.Mesh(new THREE.PlaneGeometry(2, 2), this.material);
    this.quad.frustumCulled = false;
    this.quadScene.add(this.quad);
  }

  setSize(width: number, height: number): void {
    this.target.setSize(width, height);
    (this.material.uniforms.uTexel!.value as THREE.Vector2).set(1 / width, 1 / height);
  }

  render(renderer: THREE.WebGLRenderer, scene: THREE.Scene, camera: THREE.PerspectiveCamera): void {
    renderer.setRenderTarget(this.target);
    renderer.clear();
    renderer.render(scene, camera);
    renderer.setRenderTarget(null);
    this.material.uniforms.uNear!.value = camera.near;
    this.material.uniforms.uFar!.value = camera.far;
    renderer.render(this.quadScene, this.quadCamera);
  }

  dispose(): void {
    this.target.depthTexture?.dispose();
    this.target.dispose();
    this.material.dispose();
    this.quad.geometry.dispose();
  }
}
