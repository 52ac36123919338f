-- Ünïcödé: 日本語のコメント
local M = {}

--- Grüße zurückgeben.
function M.grüße(name)
  -- ...
end

function M.emoji() -- ...
end

local ß = function(ä)
  -- ...
end

return M
