import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type TlsProxy = { url: string; port: number; stop: () => void };

/**
 * The deployment of docs/deployment.md in front of a running app: nginx (Debian's package, one
 * worker) terminates TLS with a certificate made here for `localhost`, speaks HTTP/2 to the
 * browser and http/1.1 to the app on `appPort`, and passes the headers the app trusts. The
 * deployment test posts forms through it; the Lighthouse bench measures pages through it, so the
 * browser asks for brotli and sends the headers compressed, as a visitor's does in production.
 */
export async function startTlsProxy({ appPort, port }: { appPort: number | string; port: number }): Promise<TlsProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), "apiary-nginx-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
    "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });
  // `listen … http2` rather than `http2 on` (docs/deployment.md): Debian 12's nginx is 1.22.
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream apiary { server 127.0.0.1:${appPort}; keepalive 8; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    client_max_body_size 12m;
    location / {
      proxy_pass http://apiary;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  );
  const nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  nginx.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = () => {
    nginx.kill("SIGQUIT");
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline || nginx.exitCode !== null) {
      stop();
      throw new Error(`nginx did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `https://localhost:${port}`, port, stop };
}

function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
