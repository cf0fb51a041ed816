/**
 * `npm install`'s last word when npm itself ran on a Node older than 24, as it does on a machine whose own Node is
 * older: npm then warns "EBADENGINE Unsupported engine" for each package that needs a newer Node, which reads like
 * a failure. It is none: every npm script runs on the Node 24 that the `node` devDependency has just installed.
 * Plain JavaScript rather than TypeScript, so that even an older Node runs it instead of failing the install.
 */
const REQUIRED_MAJOR = 24
const npmNode = /\bnode\/v(\d+)\S*/.exec(process.env.npm_config_user_agent ?? '')
const scriptsNodeMajor = Number(process.versions.node.split('.')[0])

if (npmNode && Number(npmNode[1]) < REQUIRED_MAJOR && scriptsNodeMajor >= REQUIRED_MAJOR)
  console.log(
    `npm ran on Node ${npmNode[0].slice('node/'.length)}: its "EBADENGINE Unsupported engine" warnings above are ` +
      `about that Node alone and can be ignored. Fika's npm scripts run on Node ${process.version}, just installed ` +
      'in node_modules/.bin.',
  )
