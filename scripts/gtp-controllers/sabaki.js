// Drives `kifu gtp` as Sabaki does, with its own controller library
// (@sabaki/gtp 3.0.0 from npm): loadsgf, final_status_list dead,
// final_score. Usage: node sabaki.js KIFU FILE.sgf (NODE_PATH naming the
// folder that holds @sabaki/gtp). Prints one line per answer.
const {Controller} = require('@sabaki/gtp')

async function main() {
  const [kifu, sgf] = process.argv.slice(2)
  const c = new Controller(kifu, ['gtp'])
  c.start()
  const ask = async (name, args = []) => {
    const r = await c.sendCommand({name, args})
    if (r.error) throw new Error(`${name}: ${r.content}`)
    return r.content
  }
  console.log('loadsgf ' + (await ask('loadsgf', [sgf])))
  console.log('dead ' + (await ask('final_status_list', ['dead'])).split(/\s+/).join(' '))
  console.log('score ' + (await ask('final_score')))
  await c.stop()
}

main().catch(e => {
  console.error(e.message)
  process.exit(1)
})
