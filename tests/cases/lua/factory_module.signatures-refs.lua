-- A module that returns a factory: its API is defined inside the function it returns.
local util = require 'app.util'

return function(context)
  local env = {}

  --- Reads a key from the context's environment.
  local function getEnv(self, key)
    -- ... L9-10
  end

  function env.wrap(fn)
    -- ... L14
  end

  function env:set(key, value)
    -- ... L18-19
  end

  env.helper = function(x)
    -- ... L23
    -- "end" in a comment: end
  end

  return env
end
