-- A module that returns a factory: its API is defined inside the function it returns.
local util = require 'app.util'

return function(context)
  local env = {}

  --- Reads a key from the context's environment.
  local function getEnv(self, key)
    -- ...
  end

  function env.wrap(fn)
    -- ...
  end

  function env:set(key, value)
    -- ...
  end

  env.helper = function(x)
    -- ...
    -- "end" in a comment: end
  end

  return env
end
