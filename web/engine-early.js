// Loaded by index.html with <script type="module" async> ahead of the page's other scripts:
// creates the engine worker at once, so Pyodide boots while app.js and its modules load.
// app.js's startEngine() then takes this worker over (web/engine-client.js, prestartEngine).
import { prestartEngine } from "./engine-client.js";

prestartEngine();
