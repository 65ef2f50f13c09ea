#include "GoapDomainAsset.h"

#include "GoapLog.h"
#include "GoapModule.h"
#include "GoapNames.h"
#include "GoapNative.h"
#include "GoapStrings.h"
#include "Misc/FileHelper.h"
#include "Misc/Paths.h"
#include "UObject/Package.h"

namespace
{
	FString ResolvePath(const FString& Path)
	{
		return FPaths::IsRelative(Path) ? FPaths::Combine(FPaths::ProjectContentDir(), Path) : Path;
	}

	/**
	 * False, with the module's message, when StartupModule found the goap library missing (a
	 * modular Win64/Mac build delay-loads it: a goap_* call would then fail inside the
	 * delay-load helper, crashing the editor, say when it validates the asset on save) or not
	 * matching goap.h. Checked before every goap_* call of the asset, as the subsystem does.
	 */
	bool DomainLibraryReady(FString& OutError)
	{
		if (FGoapModule::IsLibraryCompatible())
		{
			return true;
		}
		OutError = FGoapModule::GetLibraryMessage();
		return false;
	}

}

bool UGoapDomainAsset::ValidateJson(const FString& Json, FString& OutError)
{
	if (!DomainLibraryReady(OutError))
	{
		return false;
	}
	goap::Result<goap::World> World = goap::World::create();
	if (!World.ok())
	{
		OutError = GoapStrings::Message(World.error());
		return false;
	}
	const GoapStrings::FUtf8 Text(Json);
	goap::Result<goap::Domain> Domain = World.value().load_domain(Text.View());
	if (!Domain.ok())
	{
		OutError = GoapStrings::Message(Domain.error());
		return false;
	}
	OutError.Empty();
	return true;
}

bool UGoapDomainAsset::Validate(FString& OutError) const
{
	if (!ValidateJson(DomainJson, OutError))
	{
		UE_LOG(LogGoap, Warning, TEXT("%s: %s"), *GetPathName(), *OutError);
		return false;
	}
	return true;
}

bool UGoapDomainAsset::LintJson(const FString& Json, TArray<FString>& OutErrors, TArray<FString>& OutWarnings)
{
	OutErrors.Empty();
	OutWarnings.Empty();
	FString LibraryError;
	if (!DomainLibraryReady(LibraryError))
	{
		OutErrors.Add(LibraryError);
		return false;
	}
	const goap::Result<std::vector<goap::Diagnostic>> Found = goap::validate(GoapStrings::FUtf8(Json).View());
	if (!Found.ok())
	{
		OutErrors.Add(GoapStrings::Message(Found.error()));
		return false;
	}
	for (const goap::Diagnostic& Diagnostic : Found.value())
	{
		const FString Line = FString::Printf(TEXT("%d:%d: %s"), Diagnostic.line, Diagnostic.column, *GoapStrings::ToFString(Diagnostic.message));
		(Diagnostic.severity == goap::Severity::Error ? OutErrors : OutWarnings).Add(Line);
	}
	return OutErrors.Num() == 0;
}

bool UGoapDomainAsset::Lint(TArray<FString>& OutErrors, TArray<FString>& OutWarnings) const
{
	const bool bValid = LintJson(DomainJson, OutErrors, OutWarnings);
	for (const FString& Error : OutErrors)
	{
		UE_LOG(LogGoap, Warning, TEXT("%s: %s"), *GetPathName(), *Error);
	}
	return bValid;
}

#if WITH_EDITOR
EDataValidationResult UGoapDomainAsset::IsDataValid(FDataValidationContext& Context) const
{
	EDataValidationResult Result = Super::IsDataValid(Context);
	TArray<FString> Errors;
	TArray<FString> Warnings;
	LintJson(DomainJson, Errors, Warnings);
	for (const FString& Error : Errors)
	{
		Context.AddError(FText::FromString(FString::Printf(TEXT("GOAP domain: %s"), *Error)));
	}
	for (const FString& Warning : Warnings)
	{
		Context.AddWarning(FText::FromString(FString::Printf(TEXT("GOAP domain (lint): %s"), *Warning)));
	}
	if (Errors.Num() > 0)
	{
		return EDataValidationResult::Invalid;
	}
	return Result == EDataValidationResult::NotValidated ? EDataValidationResult::Valid : Result;
}
#endif

bool UGoapDomainAsset::LoadFromJsonFile(const FString& Path, FString& OutError)
{
	const FString FullPath = ResolvePath(Path);
	FString Text;
	if (!FFileHelper::LoadFileToString(Text, *FullPath))
	{
		OutError = FString::Printf(TEXT("cannot read %s"), *FullPath);
		UE_LOG(LogGoap, Warning, TEXT("%s.LoadFromJsonFile: %s"), *GetPathName(), *OutError);
		return false;
	}
	FString ParseError;
	if (!ValidateJson(Text, ParseError))
	{
		OutError = FString::Printf(TEXT("%s: %s"), *FullPath, *ParseError);
		UE_LOG(LogGoap, Warning, TEXT("%s.LoadFromJsonFile: %s"), *GetPathName(), *OutError);
		return false;
	}
	Modify();
	DomainJson = MoveTemp(Text);
#if WITH_EDITORONLY_DATA
	// No absolute path in the asset: relative to the project, or the file's name alone.
	FString Relative = FullPath;
	SourceFile = FPaths::MakePathRelativeTo(Relative, *FPaths::ProjectDir()) ? Relative : FPaths::GetCleanFilename(FullPath);
#endif
	OutError.Empty();
	return true;
}

UGoapDomainAsset* UGoapDomainAsset::CreateFromJsonFile(UObject* Outer, const FString& Path, FString& OutError)
{
	UGoapDomainAsset* Asset = NewObject<UGoapDomainAsset>(Outer ? Outer : GetTransientPackage());
	return Asset->LoadFromJsonFile(Path, OutError) ? Asset : nullptr;
}

bool UGoapDomainAsset::ReadNames(FGoapDomainNames& OutNames, FString& OutError) const
{
	OutNames = FGoapDomainNames();
	if (!DomainLibraryReady(OutError))
	{
		return false;
	}
	goap::WorldSettings Settings;
	Settings.worker_threads = 1;  // a scratch world: no worker threads for it
	goap::Result<goap::World> World = goap::World::create(Settings);
	if (!World.ok())
	{
		OutError = GoapStrings::Message(World.error());
		return false;
	}
	const GoapStrings::FUtf8 Text(DomainJson);
	goap::Result<goap::Domain> Domain = World.value().load_domain(Text.View());
	if (!Domain.ok())
	{
		OutError = FString::Printf(TEXT("%s: %s"), *GetPathName(), *GoapStrings::Message(Domain.error()));
		return false;
	}
	return GoapReadNames(Domain.value(), OutNames, OutError);
}

bool GoapReadNames(const goap::Domain& Domain, FGoapDomainNames& OutNames, FString& OutError)
{
	OutNames = FGoapDomainNames();
	// Every name is read back from the library (the introspection calls): nothing parses
	// the domain file here.
	auto Fail = [&OutError](const goap::Error& Error) {
		OutError = GoapStrings::Message(Error);
		return false;
	};
	const goap::Result<uint32_t> Facts = Domain.fact_count();
	if (!Facts.ok()) return Fail(Facts.error());
	for (uint32_t Index = 0; Index < Facts.value(); ++Index)
	{
		const goap::Result<goap::FactId> Id = Domain.fact_at(Index);
		if (!Id.ok()) return Fail(Id.error());
		const goap::Result<std::string> Name = Domain.fact_name(Id.value());
		if (!Name.ok()) return Fail(Name.error());
		OutNames.Facts.Add(GoapStrings::ToFString(Name.value()));
	}
	const goap::Result<uint32_t> Vars = Domain.var_count();
	if (!Vars.ok()) return Fail(Vars.error());
	for (uint32_t Index = 0; Index < Vars.value(); ++Index)
	{
		const goap::Result<goap::VarId> Id = Domain.var_at(Index);
		if (!Id.ok()) return Fail(Id.error());
		const goap::Result<std::string> Name = Domain.var_name(Id.value());
		if (!Name.ok()) return Fail(Name.error());
		OutNames.Vars.Add(GoapStrings::ToFString(Name.value()));
	}
	const goap::Result<uint32_t> Actions = Domain.action_count();
	if (!Actions.ok()) return Fail(Actions.error());
	for (uint32_t Index = 0; Index < Actions.value(); ++Index)
	{
		const goap::Result<goap::ActionId> Id = Domain.action_at(Index);
		if (!Id.ok()) return Fail(Id.error());
		const goap::Result<std::string> Name = Domain.action_name(Id.value());
		if (!Name.ok()) return Fail(Name.error());
		OutNames.Actions.Add(GoapStrings::ToFString(Name.value()));
	}
	// The file's goals: the ones every agent of the domain starts with, in file order.
	const goap::Result<uint32_t> Goals = Domain.agent_goal_count();
	if (!Goals.ok()) return Fail(Goals.error());
	for (uint32_t Index = 0; Index < Goals.value(); ++Index)
	{
		const goap::Result<std::string> Name = Domain.agent_goal_name(Index);
		if (!Name.ok()) return Fail(Name.error());
		OutNames.Goals.Add(GoapStrings::ToFString(Name.value()));
	}
	OutError.Empty();
	return true;
}
