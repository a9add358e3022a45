// Drives `kifu gtp` as Sabaki does, with its own controller library
// (@sabaki/gtp 3.0.0 from npm). NODE_PATH names the folder that holds
// @sabaki/gtp. Two uses:
//   node sabaki.js KIFU FILE.sgf   loadsgf, final_status_list dead,
//                                  final_score: one line per answer
//   node sabaki.js KIFU FILE.tst   every command of a GTP file (a handicap
//                                  game sent as `play B` runs): each
//                                  numbered command's answer as `ID answer`
const {Controller} = require('@sabaki/gtp')
const fs = require('fs')

async function main() {
  const [kifu, file] = process.argv.slice(2)
  const c = new Controller(kifu, ['gtp'])
  c.start()
  const ask = async (name, args = []) => {
    const r = await c.sendCommand({name, args})
    if (r.error) throw new Error(`${name}: ${r.content}`)
    return r.content
  }
  if (file.endsWith('.tst')) {
    for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
      const words = raw.split('#')[0].trim().split(/\s+/).filter(w => w)
      if (words.length === 0) continue
      const id = /^[0-9]+$/.test(words[0]) ? words.shift() : null
      const answer = await ask(words[0], words.slice(1))
      if (id !== null) console.log(id + ' ' + answer.split(/\s+/).join(' ').trim())
    }
  } else {
    console.log('loadsgf ' + (await ask('loadsgf', [file])))
    console.log('dead ' + (await ask('final_status_list', ['dead'])).split(/\s+/).join(' '))
    console.log('score ' + (await ask('final_score')))
  }
  await c.stop()
}

main().catch(e => {
  console.error(e.message)
  process.exit(1)
})
