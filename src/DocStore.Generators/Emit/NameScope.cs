using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis.CSharp;

namespace DocStore.Generators.Emit;

/// <summary>
/// The identifiers already used in one scope (a generated class, or one method's parameters and locals).
/// Generated names come from the members and types they serve, so two of them, or one of them and a
/// user's member, can meet: the later one then gets the first free numeric suffix (<c>reader2</c>).
/// Names are handed out in emission order, which depends only on the model: output stays deterministic.
/// </summary>
internal sealed class NameScope
{
    private readonly HashSet<string> _taken = new(StringComparer.Ordinal);

    public NameScope(params string[] reserved)
    {
        foreach (string name in reserved)
        {
            _taken.Add(name.TrimStart('@'));
        }
    }

    /// <summary>True when <paramref name="name"/> is already used.</summary>
    public bool Contains(string name) => _taken.Contains(name.TrimStart('@'));

    /// <summary>Marks <paramref name="name"/> as used without handing it out (a fixed parameter or member).</summary>
    public void Reserve(string name) => _taken.Add(name.TrimStart('@'));

    /// <summary>
    /// <paramref name="name"/>, or <paramref name="name"/> with the first free suffix 2, 3, ...; a C# keyword
    /// gets <c>Value</c> appended first (a member <c>Int</c> reads into <c>intValue</c>, not <c>@int</c>).
    /// </summary>
    public string Take(string name)
    {
        name = name.TrimStart('@');
        return Unique(IsKeyword(name) ? name + "Value" : name);
    }

    /// <summary>
    /// Like <see cref="Take"/> for a public parameter, whose name callers may write: a keyword keeps its
    /// spelling, escaped with <c>@</c>.
    /// </summary>
    public string TakeParameter(string name)
    {
        string unique = Unique(name.TrimStart('@'));
        return IsKeyword(unique) ? "@" + unique : unique;
    }

    private string Unique(string name)
    {
        string candidate = name;
        for (int n = 2; !_taken.Add(candidate); n++)
        {
            candidate = name + Names.Int(n);
        }

        return candidate;
    }

    private static bool IsKeyword(string name) => SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None;
}
