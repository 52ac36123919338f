local text = [==[
function fake() end
]]
end
]==]

--[==[
function commented_out()
end
]==]

--[[ a block comment
  spanning lines ]]
local function parse(s)
  local pattern = "end" .. 'end' .. [[end]]
  --[[ end ]] local n = 1
  return s:match(pattern)
end

local function early(x)
  if x then return end
  while true do break end
  repeat x = x - 1 until x < 0
end

local function empty() end

local t = {
  name = "t",
  run = function(self, n)
    for i = 1, n do
      self:step(i)
    end
  end,
  step = function(self, i) print(i) end,
}

local function header_comment(a) -- why
  -- leading comment of the body
  return a
end

return { parse = parse, t = t, make = function() return {} end }
