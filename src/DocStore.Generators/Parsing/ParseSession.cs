using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>
/// The state every part of one collection's parse shares: the <c>[Collection]</c> type, where diagnostics
/// go, the cancellation token, and whether anything has been reported (then the parse yields no model).
/// </summary>
internal sealed class ParseSession
{
    private readonly List<Diagnostic>? _diagnostics;

    public ParseSession(INamedTypeSymbol root, List<Diagnostic>? diagnostics, CancellationToken cancellationToken)
    {
        Root = root;
        _diagnostics = diagnostics;
        CancellationToken = cancellationToken;
    }

    /// <summary>The <c>[Collection]</c> type being parsed.</summary>
    public INamedTypeSymbol Root { get; }

    public CancellationToken CancellationToken { get; }

    /// <summary>True once any diagnostic has been reported.</summary>
    public bool Failed { get; private set; }

    /// <summary>True when <paramref name="symbol"/> is declared in the collection type's assembly, so its internals are accessible.</summary>
    public bool InRootAssembly(ISymbol symbol) => SymbolEqualityComparer.Default.Equals(symbol.ContainingAssembly, Root.ContainingAssembly);

    public void Report(DiagnosticDescriptor descriptor, Location location, params object?[] arguments)
    {
        Failed = true;
        if (_diagnostics is null)
        {
            return;
        }

        Diagnostic diagnostic = Diagnostic.Create(descriptor, location, arguments);
        // A nested type shared by two members is parsed once, but guard against double reports anyway.
        if (!_diagnostics.Any(existing => existing.Id == diagnostic.Id && existing.Location == diagnostic.Location))
        {
            _diagnostics.Add(diagnostic);
        }
    }
}
