using System;
using System.IO;

namespace Crlf;

/// <summary>
/// Reads files with CRLF endings.
/// </summary>
public class Reader
{
    private readonly string _path;

    public Reader(string path)
    {
        _path = path;
    }

    public string ReadAll()
        => File.ReadAllText(_path) + Environment.NewLine + "end of " + _path;

    public int Size
    {
        get
        {
            return (int)new FileInfo(_path).Length;
        }
    }

#if WINDOWS
    public void Open()
    {
        Console.WriteLine(_path);
    }
#endif
}
