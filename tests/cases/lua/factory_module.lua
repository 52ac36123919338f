-- A module that returns a factory: its API is defined inside the function it returns.
local util = require 'app.util'

return function(context)
  local env = {}

  --- Reads a key from the context's environment.
  local function getEnv(self, key)
    if not self then return nil end
    return self.env and self.env[key] or getEnv(context.parent(self), key)
  end

  function env.wrap(fn)
    return setfenv(fn, env)
  end

  function env:set(key, value)
    local ctx = context.get('env')
    ctx[key] = value
  end

  env.helper = function(x)
    return util.double(x) -- "end" in a comment: end
  end

  return env
end
