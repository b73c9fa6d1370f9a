// The theme's four faces at the two weights the app uses, latin only: the app's text is English (decision 087).
// Each is `font-display: swap`, so text shows at once in the fallback face and never waits for a font; the server
// preloads the faces the client's theme uses so they usually arrive before the first paint.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/lato/latin-400.css';
import '@fontsource/lato/latin-700.css';
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-700.css';
import '@fontsource/oswald/latin-400.css';
import '@fontsource/oswald/latin-700.css';
