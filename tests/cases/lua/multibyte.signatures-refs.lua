-- Ünïcödé: 日本語のコメント
local M = {}

--- Grüße zurückgeben.
function M.grüße(name)
  -- ... L6
end

function M.emoji() -- ... L9
end

local ß = function(ä)
  -- ... L12
end

return M
