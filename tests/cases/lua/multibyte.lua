-- Ünïcödé: 日本語のコメント
local M = {}

--- Grüße zurückgeben.
function M.grüße(name)
  return "こんにちは, " .. name .. " — ✓"
end

function M.emoji() local s = "🎉 end 🎉"; return s end

local ß = function(ä)
  return ä .. "ö"
end

return M
