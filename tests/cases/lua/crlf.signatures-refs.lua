-- CRLF lines
local M = {}

function M.f(x)
  -- ... L5-8
end

function M.g() return 3 end

return M
