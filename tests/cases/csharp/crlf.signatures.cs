using System;
using System.IO;

namespace Crlf;

/// <summary>
/// Reads files with CRLF endings.
/// </summary>
public class Reader
{
    private readonly string _path;

    public Reader(string path) { /* … */ }

    public string ReadAll() { /* … */ }

    public int Size
    {
        get { /* … */ }
    }

#if WINDOWS
    public void Open() { /* … */ }
#endif
}
