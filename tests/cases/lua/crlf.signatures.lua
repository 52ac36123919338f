-- CRLF lines
local M = {}

function M.f(x)
  -- ...
end

function M.g() -- ...
end

return M
