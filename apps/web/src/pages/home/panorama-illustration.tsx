/** A drawn (not photographed) panorama viewer: skyline, hotspots and a compass. Decorative. */
export function PanoramaIllustration({ label }: { label: string }) {
  return (
    <figure className="pano" aria-label={label} role="img">
      <svg viewBox="0 0 560 380" className="pano__svg" aria-hidden focusable="false">
        <defs>
          <linearGradient id="pano-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#1e3a8a" />
            <stop offset="0.55" stopColor="#3b82f6" />
            <stop offset="1" stopColor="#a5f3fc" />
          </linearGradient>
          <linearGradient id="pano-floor" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#0f172a" stopOpacity="0.55" />
            <stop offset="1" stopColor="#0f172a" stopOpacity="0.9" />
          </linearGradient>
          <clipPath id="pano-clip">
            <rect x="0" y="0" width="560" height="380" rx="22" />
          </clipPath>
        </defs>
        <g clipPath="url(#pano-clip)">
          <rect width="560" height="380" fill="url(#pano-sky)" />
          <g fill="none" stroke="#fff" strokeOpacity="0.14">
            {[60, 120, 180, 240].map((y) => (
              <path key={y} d={`M0 ${y} Q280 ${y + 40} 560 ${y}`} />
            ))}
            {[70, 160, 250, 340, 430, 520].map((x) => (
              <path key={x} d={`M${x} 0 Q${x + (x - 280) * 0.2} 190 ${x} 380`} />
            ))}
          </g>
          <path
            d="M0 250 L40 250 L40 200 L80 200 L80 228 L120 228 L120 170 L150 170 L150 140 L180 140 L180 230 L220 230 L220 190 L260 190 L260 120 L300 120 L300 210 L340 210 L340 175 L380 175 L380 235 L420 235 L420 160 L455 160 L455 205 L500 205 L500 240 L560 240 L560 380 L0 380 Z"
            fill="#0b1a3a"
            fillOpacity="0.78"
          />
          <path d="M0 300 Q280 260 560 300 L560 380 L0 380 Z" fill="url(#pano-floor)" />
          <g>
            <circle cx="196" cy="286" r="16" fill="#fff" fillOpacity="0.22" />
            <circle cx="196" cy="286" r="7" fill="#fff" />
            <circle cx="372" cy="298" r="16" fill="#fff" fillOpacity="0.22" />
            <circle cx="372" cy="298" r="7" fill="#fff" />
            <path d="M372 264 l10 14 h-20 z" fill="#fff" />
          </g>
          <g transform="translate(500 60)">
            <circle r="26" fill="#0f172a" fillOpacity="0.45" stroke="#fff" strokeOpacity="0.5" />
            <path d="M0 -18 L6 0 L0 18 L-6 0 Z" fill="#fff" fillOpacity="0.9" />
            <path d="M0 -18 L6 0 L-6 0 Z" fill="#f97316" />
          </g>
          <g transform="translate(24 24)">
            <rect width="132" height="30" rx="15" fill="#0f172a" fillOpacity="0.45" />
            <circle cx="18" cy="15" r="5" fill="#22c55e" />
            <rect x="32" y="11" width="84" height="8" rx="4" fill="#fff" fillOpacity="0.8" />
          </g>
        </g>
      </svg>
      <div className="pano__thumbs" aria-hidden>
        <span className="pano__thumb pano__thumb--active" />
        <span className="pano__thumb pano__thumb--b" />
        <span className="pano__thumb pano__thumb--c" />
        <span className="pano__thumb pano__thumb--d" />
      </div>
    </figure>
  );
}
