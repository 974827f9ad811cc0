/** The home hero's illustration: two chat bubbles and a match card, drawn inline so it ships with the page. */
export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 420 380" width="420" height="380" aria-hidden="true" focusable="false">
      <circle cx="230" cy="190" r="165" className="hero-art__halo" />
      <g className="hero-art__card">
        <rect x="120" y="50" width="200" height="280" rx="26" className="hero-art__phone" />
        <rect x="138" y="72" width="164" height="150" rx="18" className="hero-art__photo" />
        <circle cx="220" cy="130" r="32" className="hero-art__face" />
        <path d="M172 222c6-30 26-44 48-44s42 14 48 44z" className="hero-art__shoulders" />
        <rect x="138" y="238" width="110" height="12" rx="6" className="hero-art__line" />
        <rect x="138" y="258" width="80" height="10" rx="5" className="hero-art__line hero-art__line--soft" />
        <circle cx="180" cy="300" r="18" className="hero-art__pass" />
        <path d="M174 294l12 12M186 294l-12 12" className="hero-art__pass-x" />
        <circle cx="260" cy="300" r="18" className="hero-art__like" />
        <path
          d="M260 309s-8-4.8-8-10.4a4.4 4.4 0 0 1 8-2.6 4.4 4.4 0 0 1 8 2.6c0 5.6-8 10.4-8 10.4z"
          className="hero-art__like-heart"
        />
      </g>
      <g className="hero-art__bubble hero-art__bubble--left">
        <rect x="14" y="96" width="138" height="54" rx="18" />
        <rect x="32" y="114" width="96" height="8" rx="4" className="hero-art__text" />
        <rect x="32" y="128" width="64" height="8" rx="4" className="hero-art__text" />
      </g>
      <g className="hero-art__bubble hero-art__bubble--right">
        <rect x="290" y="206" width="120" height="50" rx="18" />
        <path
          d="M350 243s-9-5.4-9-11.8a5 5 0 0 1 9-3 5 5 0 0 1 9 3c0 6.4-9 11.8-9 11.8z"
          className="hero-art__bubble-heart"
        />
      </g>
    </svg>
  );
}
